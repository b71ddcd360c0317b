/** Writes .br and .gz copies of the compressible files under clientDir and moves its .map files to mapsDir. */
export function compressClient(clientDir: string, mapsDir: string): Promise<void>;
