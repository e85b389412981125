import { navigate, route } from '../app/router.js';
import { MapExplorer, inputsFromQuery } from './MapExplorer.js';

/** #/map?players=4&seed=abc: the explorer, its inputs kept in the address so a map can be linked to. */
export default function ExplorerRoute() {
  const initial = inputsFromQuery(route().query);
  return <MapExplorer players={initial.players} seed={initial.seed} onBuilt={(m) => navigate(`/map?players=${m.players}&seed=${encodeURIComponent(m.seed)}`, true)} />;
}
