-- What browsers report that the Content-Security-Policy blocked (PCI DSS 11.6.1; src/http/csp-reports.ts).
-- No client address and no query strings: the URIs are kept as origin and path only. The newest 10000 stay.
create table csp_reports (
  id             bigserial primary key,
  received_at    timestamptz not null,
  document       text not null,
  directive      text not null,
  blocked        text not null,
  source_file    text,
  line_number    integer,
  disposition    text not null,
  sample         text
);
