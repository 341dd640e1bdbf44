/**
 * `CellSpec.desktop`: screenshots, clicks and keys on an X display through xdotool. Every action
 * (`desktop.click`, `desktop.type`, `desktop.key`) asks a person unless a Zone rule allows it by name.
 */
export interface DesktopSpec {
  /**
   * The local X display, such as `:0` or `:99.0`, reached through its socket `/tmp/.X11-unix/X<n>`; the
   * tools are absent while no display answers there.
   */
  readonly display: string;
  /**
   * The folder screenshots go to when a call names no `save_to` (relative ones resolve against the
   * cell's workDir); `<dataDir>/desktop/screenshots` when absent.
   */
  readonly screenshotDir?: string;
  /**
   * The X authority file (the server's cookies) when the display checks them: `$XAUTHORITY`, then
   * `~/.Xauthority` when absent and present. A display started without `-auth` (Xvfb's default) needs none.
   */
  readonly xauthority?: string;
  /** How often to look whether the display answers (it appears, goes away), in ms: 250 to 600,000; 2,000 by default. */
  readonly probeIntervalMs?: number;
  /** The pause between typed characters and pressed keys, in ms: 0 to 200; 12 by default (xdotool's). */
  readonly typeDelayMs?: number;
}
