import { Box, type BoxProps } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

export const LAZY_ROOT_MARGIN = '200px';
export const LAZY_THRESHOLD = 0.01;

interface LazyImageProps extends Omit<BoxProps, 'children'> {
  src: string;
  alt: string;
  /** Load at once (e.g. the featured image at the top of a post). */
  eager?: boolean;
}

/**
 * SPEC §4: a placeholder until the image comes within 200px of the viewport (threshold 0.01), then it loads
 * and fades in. The box keeps its aspect ratio, so nothing shifts; readers without JavaScript get the image
 * through <noscript>.
 */
export function LazyImage({ src, alt, eager, aspectRatio = 16 / 9, ...box }: LazyImageProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(!!eager);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (near) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_ROOT_MARGIN, threshold: LAZY_THRESHOLD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  return (
    <Box ref={ref} position="relative" overflow="hidden" bg="bg.muted" aspectRatio={aspectRatio} {...box} data-testid="lazy-image">
      {near ? (
        <img
          src={src}
          alt={alt}
          decoding="async"
          onLoad={() => setLoaded(true)}
          ref={(img) => {
            if (img?.complete && img.naturalWidth > 0) setLoaded(true);
          }}
          style={{ width: '100%', height: '100%', objectFit: 'cover', opacity: loaded ? 1 : 0, transition: 'opacity .4s ease-in' }}
        />
      ) : (
        <noscript>
          <img src={src} alt={alt} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        </noscript>
      )}
    </Box>
  );
}
