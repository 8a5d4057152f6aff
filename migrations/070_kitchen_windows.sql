-- Kitchen capacity (issue 37): the places each 15-minute window has taken, one row per order holding one,
-- folded from the capacity module's KitchenPlaceTaken / KitchenPlaceGivenBack. A window's load is its count.
create table kitchen_window_places (
  window_start timestamptz not null,
  order_id     uuid not null,
  primary key (window_start, order_id)
);
create index kitchen_window_places_order on kitchen_window_places (order_id);
