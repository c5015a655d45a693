/**
 * Spec section 3, "Phone display": digits, an optional @c.us suffix removed, shown in the number's
 * international form (+55 (11) 99999-8888, +55 (11) 3333-4444, +44 7911 123456); a number no country
 * knows shows its digits. libphonenumber-js does the work, through the contracts' phone module.
 */
export { formatPhoneNumber as formatPhone } from '@app/contracts';
