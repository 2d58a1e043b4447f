package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/cortex-vault/cortex/service"
	"github.com/cortex-vault/cortex/vault/doc"
)

// daemonServiceCommands are `cortex daemon install | uninstall | status`.
func daemonServiceCommands() []*cli.Command {
	dry := &cli.BoolFlag{Name: "dry-run", Usage: "print the file it would write (or remove) and change nothing"}
	js := &cli.BoolFlag{Name: "json", Usage: "print the result as JSON"}
	return []*cli.Command{
		{
			Name:  "install",
			Usage: "run this vault's daemon as a service: started at login, restarted after a crash",
			Description: `Writes a systemd user unit (~/.config/systemd/user/cortex-NAME.service) on
Linux, or a launchd agent (~/Library/LaunchAgents/dev.cortex.cortex-NAME.plist)
on macOS, that runs this cortex binary as cortex daemon --vault DIR, then
enables and starts it. The daemon's log goes to the journal (journalctl --user
-u cortex-NAME.service) on Linux, to .cortex/daemon.log in the vault on macOS.
Installing again after an upgrade points the service at the new binary and
restarts it. --dry-run prints the file and changes nothing.`,
			Flags:  []cli.Flag{obsVaultFlag(), dry, js},
			Action: runServiceInstall,
		},
		{
			Name:  "uninstall",
			Usage: "stop this vault's daemon service and remove its file",
			Description: `Stops and disables the service cortex daemon install made, and removes its
file. The vault may be gone: --vault OLD removes the service of a vault that
was moved or deleted (cortex doctor names it).`,
			Flags:  []cli.Flag{obsVaultFlag(), dry, js},
			Action: runServiceUninstall,
		},
		{
			Name:   "status",
			Usage:  "say whether this vault's daemon service is installed and running",
			Flags:  []cli.Flag{obsVaultFlag(), js},
			Action: runServiceStatus,
		},
	}
}

func printJSON(c *cli.Context, v any) error {
	enc := json.NewEncoder(c.App.Writer)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func runServiceInstall(c *cli.Context) error {
	if c.Args().Present() {
		return usageErrorf("daemon install takes no arguments (got %s)", doc.Excerpt(c.Args().First()))
	}
	l, err := obsLayout(c)
	if err != nil {
		return err
	}
	r, err := service.Install(c.Context, l, service.Options{Manager: serviceManager, DryRun: c.Bool("dry-run")})
	if err != nil {
		return err
	}
	if c.Bool("json") {
		return printJSON(c, r)
	}
	w := c.App.Writer
	if r.DryRun {
		fmt.Fprintf(w, "# %s (%s; dry run, nothing written)\n%s", r.File, r.Op, r.Content)
		return nil
	}
	fmt.Fprintf(w, "%s %s: %s\nstarted; it starts at login and again after a crash\nlog: %s\n", r.Platform, r.Op, r.File, r.Log)
	return nil
}

func runServiceUninstall(c *cli.Context) error {
	if c.Args().Present() {
		return usageErrorf("daemon uninstall takes no arguments (got %s)", doc.Excerpt(c.Args().First()))
	}
	// The vault of a service may be gone: --vault is taken as a path, not
	// looked up.
	root := c.String("vault")
	if root == "" {
		l, err := obsLayout(c)
		if err != nil {
			return err
		}
		root = l.Root
	}
	root, err := filepath.Abs(root)
	if err != nil {
		return fmt.Errorf("--vault: %w", err)
	}
	r, err := service.Uninstall(c.Context, root, service.Options{Manager: serviceManager, DryRun: c.Bool("dry-run")})
	if err != nil {
		return err
	}
	if c.Bool("json") {
		return printJSON(c, r)
	}
	switch {
	case r.Op == "not-installed":
		fmt.Fprintf(c.App.Writer, "no service installed for %s (%s)\n", root, r.File)
	case r.DryRun:
		fmt.Fprintf(c.App.Writer, "would stop %s and remove %s (dry run, nothing changed)\n", r.Name, r.File)
	case r.Note != "":
		fmt.Fprintf(c.App.Writer, "removed %s\n", r.File)
		fmt.Fprintf(c.App.ErrWriter, "cortex: note: %s\n", r.Note)
	default:
		fmt.Fprintf(c.App.Writer, "stopped %s and removed %s\n", r.Name, r.File)
	}
	return nil
}

func runServiceStatus(c *cli.Context) error {
	if c.Args().Present() {
		return usageErrorf("daemon status takes no arguments (got %s)", doc.Excerpt(c.Args().First()))
	}
	l, err := obsLayout(c)
	if err != nil {
		return err
	}
	s, err := service.ReadStatus(c.Context, l.Root, service.Options{Manager: serviceManager})
	if err != nil {
		return err
	}
	if c.Bool("json") {
		return printJSON(c, s)
	}
	w := c.App.Writer
	switch {
	case s.Installed == nil:
		fmt.Fprintf(w, "not installed (%s); cortex daemon install makes it a %s service\n", s.File, s.Platform)
	case s.StateError != "":
		fmt.Fprintf(w, "installed: %s\nstate unknown: %s\n", s.File, s.StateError)
	case s.State != nil && s.State.Active:
		fmt.Fprintf(w, "installed: %s\nrunning: pid %d (%s)\n", s.File, s.State.PID, s.State.Detail)
	default:
		detail := "not loaded"
		if s.State != nil && s.State.Detail != "" {
			detail = s.State.Detail
		}
		fmt.Fprintf(w, "installed: %s\nnot running: %s\n", s.File, detail)
	}
	if s.Installed != nil {
		fmt.Fprintf(w, "runs: %s\n", s.Installed.Binary)
		if s.Installed.BinaryGone {
			fmt.Fprintf(w, "the binary is gone: cortex daemon install points the service at this one\n")
		}
	}
	for _, o := range s.Orphans {
		fmt.Fprintf(w, "also installed: %s for %s, which is no longer a vault (cortex daemon uninstall --vault %s)\n", o.File, o.Vault, o.Vault)
	}
	fmt.Fprintf(w, "log: %s\n", s.Log)
	return nil
}
