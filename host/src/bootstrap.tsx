import { bootShell } from './boot/boot-shell';

void bootShell(window);
