/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of the REST API; defaults to the same origin's /api. */
  readonly VITE_API_URL?: string;
  /** Origin of the socket.io server; defaults to the page's origin. */
  readonly VITE_SOCKET_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
