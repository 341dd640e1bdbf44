/** The port `npm start` listens on unless `PORT` says otherwise. */
export const DEFAULT_PORT = 4100;
