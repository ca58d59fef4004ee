// The window's first script (index.html, before main.tsx): asks what the last window said it
// would ask first, while the window's own code is still on its way (data/early-answers.ts).
import { askEarly } from './data/early-answers';

askEarly();
