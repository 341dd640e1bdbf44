import { Type } from '@wesgine/schema';

/** The `window` parameter the desktop tools share: an X window id as `desktop.windows` lists it. */
export const WindowId = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: 4_294_967_295, description }));
