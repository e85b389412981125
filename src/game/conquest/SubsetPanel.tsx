import { For } from 'solid-js';

/** Any subset of some items (S2a discards, B15 returned units): a checkbox each. Presentational. */
export function SubsetPanel(props: { id: string; title: string; help: string; items: readonly { readonly key: string; readonly label: string }[]; chosen: ReadonlySet<string>; onToggle: (key: string) => void }) {
  return (
    <section class="conquest-panel subset" aria-label={props.title}>
      <h3>{props.title}</h3>
      <p class="panel-help">{props.help}</p>
      <ul>
        <For each={props.items}>
          {(item, i) => (
            <li>
              <label>
                <input type="checkbox" id={`${props.id}-${i()}`} checked={props.chosen.has(item.key)} onChange={() => props.onToggle(item.key)} /> {item.label}
              </label>
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}
