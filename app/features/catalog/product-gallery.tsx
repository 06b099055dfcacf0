import type { ImageRef } from '../../../server/contracts/catalog'
import { useT } from '../../lib/i18n'
import { LazyImage } from '../../components/ui/lazy-image'
import '../../lib/messages/product'

/** The product's photo and, with several, the thumbnails that choose it. */
export function ProductGallery({
  image,
  gallery,
  photo,
  setPhoto,
}: {
  image: ImageRef
  gallery: ImageRef[]
  photo: number
  setPhoto: (index: number) => void
}) {
  const t = useT()
  return (
    <div>
      <div className="overflow-hidden rounded-2xl bg-neutral-50">
        <LazyImage
          key={image.src}
          src={image.src}
          width={image.width}
          height={image.height}
          alt={image.alt}
          eager
          fit="contain"
          className="block w-full"
        />
      </div>
      {gallery.length > 1 && (
        <ul className="mt-3 flex gap-2">
          {gallery.map((g, i) => (
            <li key={`${g.src}-${i}`}>
              <button
                type="button"
                aria-label={t('product.gallery', { index: i + 1 })}
                aria-pressed={i === photo}
                onClick={() => setPhoto(i)}
                className={`overflow-hidden rounded-xl border-2 ${i === photo ? 'border-brand-600' : 'border-transparent'}`}
              >
                <img
                  src={g.src}
                  width={80}
                  height={Math.round((80 * g.height) / g.width)}
                  alt=""
                  loading="lazy"
                  className="size-20 bg-neutral-50 object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
