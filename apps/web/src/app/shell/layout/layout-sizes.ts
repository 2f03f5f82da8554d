/** Sizes of the signed-in frame (spec §2.3, §9). */
export const LAYOUT_SIZES = {
  sider: 200,
  siderCollapsed: 80,
  mobileDrawer: 200,
  /** Header height; a fixed header pushes the content down by the same amount. */
  header: 59,
  fixedHeaderOffset: 59,
  /** Most space the top-menu header keeps on the right for the user menu (it takes only what its parts need). */
  topMenuRightReserve: 403,
  /** The greeting's share of the top-menu header's right side; longer names are cut (the full one in the title). */
  topMenuGreetingMax: 160,
  /** Inline padding of a top-level entry of the horizontal menu. */
  topMenuItemPadding: 8,
  /** Content width of the top-menu layout in Fixed mode (Ant Design Pro's wide layout). */
  fixedContentWidth: 1200,
} as const;
