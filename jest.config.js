/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|j|mj)sx?$': ['@swc/jest', { module: { type: 'commonjs' } }] },
  // slonik 47 pulls in ESM-only packages; let swc turn them into CommonJS for Jest.
  transformIgnorePatterns: ['/node_modules/(?!(p-limit|yocto-queue)/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
};
