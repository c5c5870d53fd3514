import { createSpotlight } from '@mantine/spotlight';

/** The global search's own Spotlight (the header box opens it; Ctrl/Cmd+K too). */
export const [searchSpotlightStore, searchSpotlight] = createSpotlight();
