/** Kept equal to package.json's version by a unit test; shown to admins at the foot of the menu. */
export const PRODUCT_VERSION = '0.1.0';
