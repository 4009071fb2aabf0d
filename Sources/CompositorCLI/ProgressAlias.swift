// CompositorCLI: `Progress` means CLISupport's progress bar here, not Foundation's.

import CLISupport

typealias Progress = CLISupport.Progress
