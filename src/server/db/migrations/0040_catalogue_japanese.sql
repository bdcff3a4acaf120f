-- 0040_catalogue_japanese (decision 144): the service catalogue's Japanese names, so a Japanese reader sees
-- 寺社めぐり rather than "Temples and shrines". The catalogue is fixed data (src/shared/service-categories.ts, written by
-- the seed), so existing rows are filled here by slug; a row the catalogue does not know keeps its English name.
ALTER TABLE "service_categories" ADD COLUMN "name_ja" text;--> statement-breakpoint
ALTER TABLE "service_subcategories" ADD COLUMN "name_ja" text;--> statement-breakpoint
UPDATE "service_categories" AS c SET "name_ja" = v.name_ja
FROM (VALUES ('sightseeing', '観光'), ('food', 'グルメ'), ('shopping', 'ショッピング'), ('culture', '文化体験'), ('nature', '自然・アウトドア'), ('photography', '写真撮影'), ('assistance', '旅のサポート')) AS v(slug, name_ja)
WHERE c."slug" = v.slug;--> statement-breakpoint
UPDATE "service_subcategories" AS s SET "name_ja" = v.name_ja
FROM (VALUES
  ('city-walk', '街歩きツアー'),
  ('temples-shrines', '寺社めぐり'),
  ('historic-sites', '史跡・博物館'),
  ('night-tour', '夜景・夜さんぽ'),
  ('food-tour', '食べ歩きツアー'),
  ('izakaya', '居酒屋で過ごす夜'),
  ('market', '市場めぐり'),
  ('restaurant-booking', 'レストラン予約のお手伝い'),
  ('fashion', 'ファッション・古着'),
  ('electronics', '家電・アニメ'),
  ('drugstore', 'ドラッグストア・コスメ'),
  ('tea-ceremony', '茶道体験'),
  ('kimono', '着物体験'),
  ('onsen', '温泉'),
  ('crafts', '伝統工芸'),
  ('hiking', 'ハイキング'),
  ('seasonal-views', 'お花見・紅葉狩り'),
  ('day-trip', '近郊への日帰り旅行'),
  ('portrait', 'ポートレート撮影'),
  ('photo-spots', '撮影スポット案内'),
  ('airport-pickup', '空港送迎'),
  ('transit-help', '電車・乗り換えのお手伝い'),
  ('interpretation', '通訳'),
  ('medical-escort', '通院の付き添い')
) AS v(slug, name_ja)
WHERE s."slug" = v.slug;--> statement-breakpoint
UPDATE "service_categories" SET "name_ja" = "name_en" WHERE "name_ja" IS NULL;--> statement-breakpoint
UPDATE "service_subcategories" SET "name_ja" = "name_en" WHERE "name_ja" IS NULL;--> statement-breakpoint
ALTER TABLE "service_categories" ALTER COLUMN "name_ja" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "service_subcategories" ALTER COLUMN "name_ja" SET NOT NULL;
