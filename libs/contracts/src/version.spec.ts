import { readFileSync } from 'node:fs';
import path from 'node:path';

import { PRODUCT_VERSION } from './version';

it('the product version shown in the menu is the one in package.json', () => {
  const pkg = JSON.parse(readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8'));
  expect(PRODUCT_VERSION).toBe(pkg.version);
});
