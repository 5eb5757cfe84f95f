/*
 * The Janus configuration this project runs: Janus core, the VideoRoom plugin and the WebSocket
 * transport (API and Admin API) on one address, nothing else. Written from these options into a
 * folder of its own (local-janus.ts); never Debian's packaged configuration, which loads every
 * plugin and listens on all interfaces.
 */

export interface JanusSettings {
  /** The address both WebSocket servers listen on (127.0.0.1; a namespace's address in media tests). */
  bindAddress: string;
  wsPort: number;
  adminWsPort: number;
  /** The VideoRoom plugin's admin key: creating a room needs it. */
  adminKey: string;
  /** The Admin API's secret (list and destroy sessions). */
  adminSecret: string;
  /** The UDP range Janus takes media ports from. */
  rtpPortRange: string;
  /** Where recordings go (VideoRoom `rec_dir`). */
  recordingsFolder: string;
  /** Janus' own log level, 0–7. */
  debugLevel: number;
}

/** A jcfg string: double quotes and backslashes escaped (libconfig syntax). */
function quoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** janus.jcfg: the folders (only what the project symlinked), the Admin API secret, the media ports. */
export function coreConfig(settings: JanusSettings, folder: string): string {
  return `general: {
  configs_folder = ${quoted(folder)}
  plugins_folder = ${quoted(`${folder}/plugins`)}
  transports_folder = ${quoted(`${folder}/transports`)}
  events_folder = ${quoted(`${folder}/events`)}
  loggers_folder = ${quoted(`${folder}/loggers`)}
  debug_level = ${settings.debugLevel}
  admin_secret = ${quoted(settings.adminSecret)}
  session_timeout = 60
}
media: {
  rtp_port_range = ${quoted(settings.rtpPortRange)}
}
nat: {
  nice_debug = false
}
plugins: {
}
transports: {
}
events: {
  broadcast = false
}
`;
}

/** janus.plugin.videoroom.jcfg: string room ids, the admin key for creation, no preconfigured rooms. */
export function videoRoomConfig(settings: JanusSettings): string {
  return `general: {
  admin_key = ${quoted(settings.adminKey)}
  string_ids = true
  lock_rtp_forward = true
}
`;
}

/** janus.transport.websockets.jcfg: the API and the Admin API, plain WebSocket, on the one address. */
export function webSocketsConfig(settings: JanusSettings): string {
  return `general: {
  json = "plain"
  ws = true
  ws_port = ${settings.wsPort}
  ws_ip = ${quoted(settings.bindAddress)}
  wss = false
}
admin: {
  admin_ws = true
  admin_ws_port = ${settings.adminWsPort}
  admin_ws_ip = ${quoted(settings.bindAddress)}
  admin_wss = false
}
`;
}
