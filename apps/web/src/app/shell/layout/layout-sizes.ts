/** Sizes of the signed-in frame (spec §2.3, §9). */
export const LAYOUT_SIZES = {
  sider: 200,
  siderCollapsed: 80,
  mobileDrawer: 200,
  /** Header height; a fixed header pushes the content down by the same amount. */
  header: 59,
  fixedHeaderOffset: 59,
  /** Space the top-menu header keeps on the right for the user menu. */
  topMenuRightReserve: 403,
  /** Content width of the top-menu layout in Fixed mode (Ant Design Pro's wide layout). */
  fixedContentWidth: 1200,
} as const;
