-- Issue 28: a session lives only as long as the password it was signed in with. Each password set counts one up;
-- a session keeps the count of its sign-in (sessions from before this carry none and count as 0), and the
-- session check (src/identity/auth.ts) treats a session whose count is not the account's as a guest's, on every
-- instance at once, whatever any session cache holds.
alter table account_credentials add column password_version integer not null default 0;
