/** `CellSpec.desktop`: screenshots, clicks and keys on an X display through xdotool. */
export interface DesktopSpec {
  /** The X display, such as `:0`; the tools are absent while no display answers there. */
  readonly display: string;
}
