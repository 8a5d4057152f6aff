-- The media library (issue 39 item 4): the images an admin uploaded for the shop's pages, folded from the media
-- module's events. The id is the digest of the uploaded bytes (the photo store's file names); widths are the
-- stored versions, smallest first: [{ "width": 320, "height": 240 }, ...]. A deleted image's row goes.
create table media_images (
  image_id    text primary key,
  name        text not null,
  alt         text not null,
  widths      jsonb not null,
  uploaded_by text not null,
  uploaded_at timestamptz not null
);
create index media_images_newest on media_images (uploaded_at desc);
