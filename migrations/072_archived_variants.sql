-- A variant archived as a dish is (issue 38 item 3): kept for the ids used so far, left out of the menu and the editor.
alter table menu_variants add column archived boolean not null default false;
