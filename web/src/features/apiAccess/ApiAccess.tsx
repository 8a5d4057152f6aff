import { AuthorizedApplications } from './AuthorizedApplications';
import { OAuthClients } from './OAuthClients';
import { PersonalAccessTokens } from './PersonalAccessTokens';

/** The API-credential screens (staff spec §2), for every staff login: its own credentials. */
export function ApiAccess() {
  return (
    <>
      <h1 className="h3 mb-3">API access</h1>
      <p>
        Let another system (a till, a printer service, your own scripts) use the shop&apos;s API with a token of yours. The API&apos;s reference:{' '}
        <a href="/api/v1/reference">/api/v1/reference</a>.
      </p>
      <OAuthClients />
      <AuthorizedApplications />
      <PersonalAccessTokens />
    </>
  );
}
