// The command palette's public face: the shell puts the launcher in its header.
export { PaletteLauncher } from './components/palette-launcher.tsx';
