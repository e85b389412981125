import { navigate, route } from '../app/router.js';
import { MapExplorer, inputsFromQuery } from './MapExplorer.js';

/** #/map?players=4&seed=abc[&view=3d]: the explorer (flat map, or the 3D board), its inputs kept in the address so a map can be linked to. */
export default function ExplorerRoute() {
  const initial = inputsFromQuery(route().query);
  const view = route().query.get('view') === '3d' ? '3d' : 'flat';
  const full = route().query.get('full') === '1';
  const suffix = (view === '3d' ? '&view=3d' : '') + (full ? '&full=1' : '');
  return <MapExplorer players={initial.players} seed={initial.seed} view={view} full={full} onBuilt={(m) => navigate(`/map?players=${m.players}&seed=${encodeURIComponent(m.seed)}${suffix}`, true)} />;
}
