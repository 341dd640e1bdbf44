import { fileURLToPath } from 'node:url';

/**
 * The default Zone file the package ships (`zones/default.yaml`): exploration allowed, action asked,
 * secret-looking files denied. `serve` users and the playground start from it.
 */
export const DEFAULT_ZONE_FILE: string = fileURLToPath(new URL('../../zones/default.yaml', import.meta.url));
