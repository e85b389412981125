import { navigate, route } from '../app/router.js';
import { MapExplorer, inputsFromQuery } from './MapExplorer.js';

/**
 * #/map?players=4&seed=abc[&view=3d][&day=5]: the explorer (flat map, or the 3D board), its inputs
 * kept in the address so a map can be linked to; `day` shows the map's conquest played to that day.
 */
export default function ExplorerRoute() {
  const initial = inputsFromQuery(route().query);
  const view = route().query.get('view') === '3d' ? '3d' : 'flat';
  const full = route().query.get('full') === '1';
  const suffix = (view === '3d' ? '&view=3d' : '') + (full ? '&full=1' : '') + (initial.day !== null ? `&day=${initial.day}` : '');
  return (
    <MapExplorer
      players={initial.players}
      seed={initial.seed}
      day={initial.day}
      view={view}
      full={full}
      onBuilt={(m) => navigate(`/map?players=${m.players}&seed=${encodeURIComponent(m.seed)}${suffix}`, true)}
    />
  );
}
