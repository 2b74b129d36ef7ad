/** §9 "Page sizes: default page 1, size 25 (notifications, events, tabs); options 10, 25, 50, 100, 200". */
export const CONTENT_PAGE_SIZES = [10, 25, 50, 100, 200] as const;
export const DEFAULT_CONTENT_PAGE_SIZE = 25;

/** §9 "files library 10". */
export const FILES_PAGE_SIZE_DEFAULT = 10;
