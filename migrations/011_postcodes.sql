-- Where postcodes are, for the offline geocoder. `npm run postcodes:import -- <csv>` loads a full directory
-- (e.g. the ONS Postcode Directory); these rows cover the demo kitchen's area of Leeds so the demo works offline.
create table postcode_locations (
  postcode  text primary key,
  outward   text not null,
  latitude  double precision not null,
  longitude double precision not null
);
create index postcode_locations_outward on postcode_locations (outward);

insert into postcode_locations (postcode, outward, latitude, longitude) values
  ('LS1 4AP', 'LS1', 53.7975, -1.5446),
  ('LS1 1UR', 'LS1', 53.7961, -1.5475),
  ('LS2 9JT', 'LS2', 53.8067, -1.5550),
  ('LS2 7HY', 'LS2', 53.8010, -1.5420),
  ('LS3 1AB', 'LS3', 53.8010, -1.5650),
  ('LS4 2AA', 'LS4', 53.8100, -1.5800),
  ('LS5 3AA', 'LS5', 53.8220, -1.6000),
  ('LS6 2AA', 'LS6', 53.8220, -1.5710),
  ('LS6 3HN', 'LS6', 53.8250, -1.5760),
  ('LS7 3AA', 'LS7', 53.8220, -1.5350),
  ('LS8 1AA', 'LS8', 53.8250, -1.5100),
  ('LS9 8AA', 'LS9', 53.7970, -1.5100),
  ('LS10 1AA', 'LS10', 53.7700, -1.5300),
  ('LS11 5AA', 'LS11', 53.7800, -1.5550),
  ('LS12 1AA', 'LS12', 53.7900, -1.5900),
  ('LS13 1AA', 'LS13', 53.8050, -1.6300),
  ('LS14 1AA', 'LS14', 53.8300, -1.4500),
  ('LS15 7AA', 'LS15', 53.8050, -1.4400),
  ('LS16 5AA', 'LS16', 53.8550, -1.6000),
  ('LS17 5AA', 'LS17', 53.8600, -1.5300),
  ('LS18 4AA', 'LS18', 53.8450, -1.6400),
  ('LS19 7AA', 'LS19', 53.8600, -1.6900),
  ('LS20 8AA', 'LS20', 53.8700, -1.7150),
  ('LS21 1AA', 'LS21', 53.9050, -1.6900),
  ('LS22 4AA', 'LS22', 53.9250, -1.3900),
  ('LS25 1AA', 'LS25', 53.7700, -1.3200),
  ('LS26 8AA', 'LS26', 53.7400, -1.4500),
  ('LS27 7AA', 'LS27', 53.7450, -1.6000),
  ('LS28 5AA', 'LS28', 53.8000, -1.6600),
  ('LS29 8AA', 'LS29', 53.9200, -1.8200),
  ('BD1 1AA', 'BD1', 53.7950, -1.7520),
  ('HG1 1AA', 'HG1', 53.9950, -1.5400),
  ('YO1 7HH', 'YO1', 53.9600, -1.0820);
