/**
 * A small drawn banner per service city (a colour pair and a landmark silhouette), so city tiles
 * have real pictures. They are files (public/cities/{slug}.svg): nothing to hydrate, cached by the
 * browser, and below the fold they load only when scrolled to.
 */
export function CityArt({ slug, className }: { slug: string; className?: string }) {
  return (
    <img
      src={`/cities/${encodeURIComponent(slug)}.svg`}
      alt=""
      width={128}
      height={80}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
