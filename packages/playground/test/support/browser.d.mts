import type { Browser, Page } from 'playwright-core';

export declare const DIST: string;
export declare function serveStatic(root?: string): Promise<{ url: string; close(): Promise<void> }>;
export declare function findChromium(): string | undefined;
export declare function launchChromium(executablePath: string): Promise<Browser>;
export declare function paste(page: Page, text: string): Promise<void>;
