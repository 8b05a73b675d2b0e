-- A source's logo is a raster image (JPEG, PNG, WebP or GIF) from now on: an SVG may carry a
-- script, so logos stored before it was refused (an SVG, any other non-raster type) are removed,
-- and the old spelling image/jpg becomes image/jpeg.
UPDATE "account_sources" SET "logo" = 'data:image/jpeg;' || substr("logo", length('data:image/jpg;') + 1)
WHERE "logo" LIKE 'data:image/jpg;%';--> statement-breakpoint
UPDATE "account_sources" SET "logo" = NULL
WHERE "logo" IS NOT NULL AND "logo" !~ '^data:image/(png|jpeg|webp|gif);base64,';
