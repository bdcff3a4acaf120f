export const savedGuideKeys = {
  all: ['saved-guides'] as const,
  page: (travelerId: number, page: number) => ['saved-guides', travelerId, page] as const,
};
