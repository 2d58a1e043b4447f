package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cortex-vault/cortex/service"
)

// The test binary (and the cortex it runs for the scripts) never asks the
// machine's systemctl or launchctl: a fake keeps the services' states in
// $HOME/fake-services.json and logs every call to $HOME/fake-services.log.
func init() { serviceManager = fakeServices{} }

type fakeServices struct{}

func (fakeServices) path(ext string) string {
	return filepath.Join(os.Getenv("HOME"), "fake-services."+ext)
}

func (f fakeServices) load() map[string]service.State {
	m := map[string]service.State{}
	if data, err := os.ReadFile(f.path("json")); err == nil {
		_ = json.Unmarshal(data, &m)
	}
	return m
}

func (f fakeServices) save(m map[string]service.State, call string) error {
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	if err := os.WriteFile(f.path("json"), data, 0o644); err != nil {
		return err
	}
	log, err := os.OpenFile(f.path("log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer log.Close()
	_, err = fmt.Fprintln(log, call)
	return err
}

func (f fakeServices) Start(_ context.Context, name, _ string) error {
	m := f.load()
	m[name] = service.State{Loaded: true, Active: true, PID: 4242, Detail: "active (running)"}
	return f.save(m, "start "+name)
}

func (f fakeServices) Stop(_ context.Context, name, _ string) error {
	m := f.load()
	delete(m, name)
	return f.save(m, "stop "+name)
}

func (f fakeServices) Reload(context.Context) error { return f.save(f.load(), "reload") }

func (f fakeServices) State(_ context.Context, name string) (service.State, error) {
	return f.load()[name], nil
}
