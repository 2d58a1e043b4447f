package doctor

import (
	"context"

	"github.com/cortex-vault/cortex/service"
)

// fakeManager stands for systemctl: it never touches the machine's
// services.
type fakeManager struct{ state service.State }

func (f *fakeManager) Start(context.Context, string, string) error {
	f.state = service.State{Loaded: true, Active: true, PID: 4242, Detail: "active (running)"}
	return nil
}
func (f *fakeManager) Stop(context.Context, string, string) error {
	f.state = service.State{}
	return nil
}
func (f *fakeManager) Reload(context.Context) error { return nil }
func (f *fakeManager) State(context.Context, string) (service.State, error) {
	return f.state, nil
}
