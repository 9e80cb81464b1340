import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The full path of an executable found on `searchPath` (a PATH value), or null. */
export function executableOnPath(name: string, searchPath: string): string | null {
  for (const dir of searchPath.split(delimiter)) {
    if (dir === '') continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not in this directory
    }
  }
  return null;
}
