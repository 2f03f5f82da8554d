/** react-query keys of the user's messages: invalidating `all` refreshes the bell and every open list. */
export const MESSAGE_KEYS = {
  all: ['sys', 'announcement'] as const,
  bell: ['sys', 'announcement', 'listByUser'] as const,
  mine: ['sys', 'announcement', 'mine'] as const,
};
