// The public surface of @wesgine/adapter-desktop. Adding a name here makes it public API.

export type {
  DesktopClickArgs,
  DesktopKeyArgs,
  DesktopScreenshotArgs,
  DesktopTypeArgs,
  DesktopWindowsArgs,
} from '../generated/types.gen.js';
export { desktopAdapter } from './desktop-adapter.js';
