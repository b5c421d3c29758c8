import { useEffect } from 'react';
import { PRODUCT_NAME } from './Logo';

/** Sets the browser tab's title to `<page> - Sunfleet`. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title === undefined || title === '' ? PRODUCT_NAME : `${title} - ${PRODUCT_NAME}`;
  }, [title]);
}
