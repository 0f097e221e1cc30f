import { createElementClass, defineOnce } from '../../elements/define.ts';
import { Gallery } from './Gallery.tsx';

/**
 * `<shop-widget-gallery>`: the widget kit on show (demo only, not part of the product's elements).
 * Rendered through the same element runtime as every shop element, so it shows the widgets in a shadow
 * root with the shared stylesheet and theme.
 */
export class ShopWidgetGalleryElement extends createElementClass<Record<string, never>>(Gallery, {}) {}

defineOnce('shop-widget-gallery', ShopWidgetGalleryElement);
