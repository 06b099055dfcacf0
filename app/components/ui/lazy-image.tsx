import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react'
import { useT } from '../../lib/i18n'

type Status = 'placeholder' | 'loading' | 'loaded' | 'error'

/**
 * An image that loads when it comes within a 50 % margin of the viewport (spec §4): placeholder →
 * loaded | error. `width` and `height` are required so the box is reserved before the image
 * arrives (no layout shift); the picture scales to the container width keeping that ratio.
 *
 * Props: `src`, `alt` (required; '' for decorative), `width`, `height`, `eager` (load at once —
 * for the LCP image above the fold; adds fetchpriority=high), `className` (the frame),
 * `imgClassName`, `fit` (`cover` | `contain`, default cover), and any other img attribute.
 * Without JavaScript a <noscript> copy loads normally.
 */
export function LazyImage({
  src,
  alt,
  width,
  height,
  eager,
  className = '',
  imgClassName = '',
  fit = 'cover',
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height' | 'loading'> & {
  src: string
  alt: string
  width: number
  height: number
  eager?: boolean
  imgClassName?: string
  fit?: 'cover' | 'contain'
}) {
  const t = useT()
  const frameRef = useRef<HTMLSpanElement>(null)
  const imgRef = useRef<HTMLImageElement>(null)
  const [status, setStatus] = useState<Status>(eager ? 'loading' : 'placeholder')

  useEffect(() => {
    if (status !== 'placeholder') return
    const el = frameRef.current
    if (!el) return
    if (typeof IntersectionObserver === 'undefined') return setStatus('loading')
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setStatus('loading')
          observer.disconnect()
        }
      },
      { rootMargin: '50%' },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [status])

  useEffect(() => setStatus(eager ? 'loading' : 'placeholder'), [src, eager])

  // An image already in the cache can finish before React attaches onLoad.
  useEffect(() => {
    const img = imgRef.current
    if (status === 'loading' && img?.complete) setStatus(img.naturalWidth > 0 ? 'loaded' : 'error')
  }, [status])

  return (
    <span
      ref={frameRef}
      data-status={status}
      className={`relative block overflow-hidden bg-neutral-100 ${className}`}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {status === 'error' ? (
        <span
          role="img"
          aria-label={alt || t('image.error')}
          className="absolute inset-0 flex items-center justify-center text-neutral-400"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-8"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          >
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M3 15l5-5 5 5M13 13l3-3 5 5" />
          </svg>
        </span>
      ) : (
        <>
          {status !== 'placeholder' && (
            <img
              {...rest}
              ref={imgRef}
              src={src}
              alt={alt}
              width={width}
              height={height}
              decoding="async"
              fetchPriority={eager ? 'high' : undefined}
              onLoad={() => setStatus('loaded')}
              onError={() => setStatus('error')}
              className={`absolute inset-0 h-full w-full transition-opacity duration-300 ${fit === 'cover' ? 'object-cover' : 'object-contain'} ${status === 'loaded' ? 'opacity-100' : 'opacity-0'} ${imgClassName}`}
            />
          )}
          {status === 'placeholder' && (
            <noscript>
              <img
                src={src}
                alt={alt}
                width={width}
                height={height}
                className={`absolute inset-0 h-full w-full ${fit === 'cover' ? 'object-cover' : 'object-contain'}`}
              />
            </noscript>
          )}
        </>
      )}
    </span>
  )
}
