/** A phone's tap target (44 px) below tablet width; the desktop's compact buttons above it. */
export const TAP = { minH: { base: '11', md: '8' }, minW: { base: '11', md: '8' } } as const;
