import { useSignals } from '@preact/signals-react/runtime';
import { storageBase } from '../../store/storage-base.ts';
import { colourName } from '../../i18n/colours.ts';
import { t } from '../../i18n/index.ts';
import { storageUrl } from '../../theme/theme.ts';
import { Carousel } from '../../widgets/carousel/Carousel.tsx';

/** The gallery's image size in CSS pixels, set on each `<img>` so the layout holds while it loads. */
export const GALLERY_IMAGE_SIZE = 600;

/** Props of {@link Gallery}. */
export interface GalleryProps {
  /** The product's images: storage paths or absolute URLs (spec §7 "Image and file URLs"). */
  images: readonly string[];
  /** The product's name: the pictures' alternative text. */
  name: string;
  /** The colour code of the chosen variant when the first picture is that variant's own: the alt text names it. */
  colour?: string | null;
}

/**
 * The product's pictures (spec §2 carousel): several images in a carousel the buyer moves through
 * (buttons, dots, arrow keys, swipe; no automatic rotation on a product page), one image on its own,
 * none as an empty frame. The first image loads at once, the others lazily.
 * Each image's text alternative is the product name, numbered when there are several; the chosen
 * variant's own picture (first) also names its colour, so a screen reader hears the picture change.
 */
export function Gallery({ images, name, colour = null }: GalleryProps) {
  useSignals();
  const urls = images.map((image) => storageUrl(image, storageBase.value)).filter((url): url is string => url !== null);
  const [first] = urls;
  if (first === undefined) return <div className="shop-product-gallery__placeholder" aria-hidden="true" />;
  const label = (index: number) => (index === 0 && colour ? t('product.image_in_colour', { name, colour: colourName(colour) }) : name);
  const picture = (url: string, index: number) => (
    <img
      key={`${index}-${url}`}
      className="shop-product-gallery__image"
      src={url}
      alt={urls.length > 1 ? `${label(index)} (${index + 1}/${urls.length})` : label(index)}
      width={GALLERY_IMAGE_SIZE}
      height={GALLERY_IMAGE_SIZE}
      loading={index === 0 ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
  if (urls.length === 1) return <div className="shop-product-gallery__single">{picture(first, 0)}</div>;
  return (
    <Carousel label={t('product.images')} autoPlay={false} className="shop-product-gallery__carousel">
      {urls.map(picture)}
    </Carousel>
  );
}
