// Networked play (issue 11): share links, the lobby, the game channel, and the coupling to the protocol.
export { type ShareLink, type LinkError, type LinkErrorCode, LINK_ERRORS, newGameLink, watchLink, makeShareLink, makeShareFragment, parseShareLink, parseSignalingUrl, ROOM_BYTES, SECRET_BYTES } from './link.js';
export { type IceConfig, type IceServer, LAN_ICE, parseIceConfig, rtcConfiguration, iceText, sameIce } from './ice.js';
export {
  type NetConfig,
  type PartialNetConfig,
  SIGNALING_PATH,
  RUNTIME_CONFIG_FILE,
  ownSignaling,
  peerServerAddress,
  yWebrtcUrl,
  parseNetConfig,
  buildNetConfig,
  loadRuntimeNetConfig,
  pageNetConfig,
  gameNetConfig,
  linkOverrides,
} from './endpoints.js';
export { type Transport, type LinkState, type TransportReport, LINK_STATES } from './transport.js';
export { type MeshOptions, type MeshTiming, type PeerServerAddress, DEFAULT_TIMING, makeMesh } from './mesh.js';
export { meshIds, meshToken, watcherId, isWatcherId } from './ids.js';
export { type Watched, publishForWatchers, findWatched, readWatched } from './watch.js';
export {
  type Spectator,
  type SpectatorEvent,
  type SpectatorOptions,
  type SpectatorStatus,
  type SpectatorView,
  type WatchService,
  startSpectator,
  makeWatchService,
  watchRequest,
  parseWatchRequest,
  parseWatchedMessage,
  finalsMessage,
} from './spectate.js';
export { type Faults, type FaultStats, type FaultyTransport, withFaults } from './faults.js';
export { type NetGame, type NetGameEvent, type NetGameOptions, type NetGameView, type NetSession, type SessionView, type Cheat, type Finished, startNetGame } from './game.js';
export {
  type Lobby,
  type LobbyOptions,
  type LobbyView,
  type LobbyStart,
  type LobbyError,
  type LobbyErrorCode,
  type LobbyConnection,
  type Connect,
  type Member,
  LOBBY_ERRORS,
  makeLobby,
  yWebrtcConnect,
  lobbyTopic,
  newMemberId,
} from './lobby.js';
export { type LobbySettings, type LobbySnapshot, type SeatEntry, type ChatLine, DEFAULT_LOBBY_SETTINGS, parseLobby, readLobby, lobbyGenesis, lobbyGameName, notReady } from './lobby-doc.js';
