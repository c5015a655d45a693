export * from './load-config';
export { estimateSecretBits, MIN_SECRET_BITS, SECRET_ADVICE, weakSecretProblem } from './secret-strength';
