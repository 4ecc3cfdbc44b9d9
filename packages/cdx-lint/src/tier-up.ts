// The bin's first import (main.ts): tiering.ts's flags are set before the modules of the lint code
// are evaluated, and so before any of their functions runs.
import { tuneTiering } from './tiering.js';

tuneTiering();
