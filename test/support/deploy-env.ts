// A production environment as an operator would paste it into Netlify: the site's own settings, and
// with a GitHub App's (a key made for the test) a complete one. The deploy check's tests and the App
// setup's share it.
import { generateKeyPairSync } from 'node:crypto';

/** Everything but the repository's credentials. */
export const SITE_SETTINGS = {
  SITE_URL: 'https://catalog.example.org',
  OIDC_ISSUER: 'https://accounts.example.com',
  OIDC_CLIENT_ID: 'catalog',
  OIDC_CLIENT_SECRET: 's3cret-value',
  ADMIN_EMAILS: 'ada@example.org',
  AUTH_SECRET: 'k3Jq9-Zx8vB2mN7pQ4rT6wY1uI5oE0aS3dF',
  BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/abc',
};

const KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' });

/** The site's settings with a GitHub App's (its key on one line, `\n` written out, as a .env holds it). */
export const COMPLETE_ENV = {
  ...SITE_SETTINGS,
  GITHUB_REPOSITORY: 'maya/catalog',
  GITHUB_APP_ID: '123456',
  GITHUB_APP_PRIVATE_KEY: String(KEY).trim().replace(/\n/g, '\\n'),
  GITHUB_APP_INSTALLATION_ID: '12345678',
};
