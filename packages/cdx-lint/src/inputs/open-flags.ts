import { constants } from 'node:fs';

// Flags Node's types declare as always there, which Windows does not define: 0 there, so an open still works
// (without the guarantee the flag gives on POSIX).
const optional = (flag: number | undefined): number => flag ?? 0;

/** Opens without blocking on a FIFO or device (a FIFO given as a payload or config file would wait forever). */
export const O_NONBLOCK = optional(constants.O_NONBLOCK);
/** Refuses to open through a symlink (ELOOP), for files the tool writes or trusts. */
export const O_NOFOLLOW = optional(constants.O_NOFOLLOW);
