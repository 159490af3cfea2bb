package glfw

import (
	"runtime"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/internal/app"
	"fyne.io/fyne/v2/internal/async"
	"fyne.io/fyne/v2/internal/cache"
	"fyne.io/fyne/v2/internal/driver/common"
	"fyne.io/fyne/v2/internal/painter"
	"fyne.io/fyne/v2/internal/scale"
)

type funcData struct {
	f    func()
	done chan struct{} // Zero allocation signalling channel
}

// channel for queuing functions on the main thread
var (
	funcQueue        = async.NewUnboundedChan[funcData]()
	running, drained atomic.Bool
)

// Arrange that main.main runs on main thread.
func init() {
	runtime.LockOSThread()
	async.SetMainGoroutine()
}

// force a function f to run on the main thread
func runOnMain(f func()) {
	runOnMainWithWait(f, true)
}

// force a function f to run on the main thread and specify if we should wait for it to return
func runOnMainWithWait(f func(), wait bool) {
	// If we are on main before app run just execute - otherwise add it to the main queue and wait.
	// We also need to run it as-is if the app is in the process of shutting down as the queue will be stopped.
	if (!running.Load() && async.IsMainGoroutine()) || drained.Load() {
		f()
		return
	}

	if wait {
		done := common.DonePool.Get()
		defer common.DonePool.Put(done)

		funcQueue.In() <- funcData{f: f, done: done}
		<-done
	} else {
		funcQueue.In() <- funcData{f: f}
	}
}

func decideRepaint(visible, ready bool, checkDirtyAndClear func() bool) bool {
	return visible && ready && checkDirtyAndClear()
}

// drawSingleFrame paints the windows that changed and reports whether it
// painted any.
func (d *gLDriver) drawSingleFrame() (painted bool) {
	refreshed := false
	for _, win := range d.windowList() {
		w := win.(*window)
		if w.closing {
			continue
		}

		if decideRepaint(w.visible, w.frame.ready(), w.canvas.CheckDirtyAndClear) {
			painted = true
			w.RunWithContext(func() {
				if w.driver.repaintWindow(w) {
					refreshed = true
				}
			})
			w.updateAccessibility()
		} else {
			w.markCacheAlive()
		}
	}
	cache.Clean(refreshed)
	return painted
}

// The event loop ticks at activeTick while something is happening: a
// paint, an animation, work queued with fyne.Do. Once nothing has been
// painted for idleAfter it stops ticking where it can watch the window
// system's connection (X11): input, exposes and fyne.Do each wake it at
// once, and a slow safety tick (idleTickWatched) catches anything marked
// dirty some other way. Elsewhere it slows to idleTick. A window that
// changes once a second (a monitor) or not at all then costs a few
// wake-ups a second instead of 60.
const (
	activeTick      = time.Second / 60
	idleTick        = time.Second / 15
	idleTickWatched = time.Second / 2
	idleAfter       = 50 * time.Millisecond
)

func (w *window) markCacheAlive() {
	threshold := time.Now().Add(10*time.Second - cache.ValidDuration)
	if w.lastWalkedTime.Before(threshold) {
		w.canvas.WalkTrees(nil, func(node *common.RenderCacheNode, _ fyne.Position) {
			_ = cache.GetCanvasForObject(node.Obj())
			if wid, ok := node.Obj().(fyne.Widget); ok {
				_, _ = cache.CachedRenderer(wid)
			}
		})
		w.lastWalkedTime = time.Now()
	}
}

func (d *gLDriver) applyThemeToWindow(w fyne.Window) {
	if win, ok := w.(*window); ok {
		win.setDarkMode()
	}
}

func (d *gLDriver) runGL() {
	if !running.CompareAndSwap(false, true) {
		return // Run was called twice.
	}

	d.init()
	if d.trayStart != nil {
		d.trayStart()
	}

	fyne.CurrentApp().Settings().AddListener(func(set fyne.Settings) {
		painter.ClearFontCache()
		cache.ResetThemeCaches()
		app.ApplySettingsWithCallback(set, fyne.CurrentApp(), func(w fyne.Window) {
			d.applyThemeToWindow(w)
			c, ok := w.Canvas().(*glCanvas)
			if !ok {
				return
			}
			c.applyThemeOutOfTreeObjects()
			c.reloadScale()
		})
	})

	if f := fyne.CurrentApp().Lifecycle().(*app.Lifecycle).OnStarted(); f != nil {
		f()
	}

	eventTick := time.NewTicker(activeTick)
	tick, lastActive := activeTick, time.Now()
	slowTick := idleTick
	waker := newEventWaker()
	var windowEvents <-chan struct{}
	if waker != nil {
		windowEvents = waker.C
		slowTick = idleTickWatched
	}
	// speedUp makes the next tick come soon; it does not count as activity,
	// so a fyne.Do that changes nothing costs one tick, not idleAfter's worth.
	speedUp := func() {
		if tick != activeTick {
			tick = activeTick
			eventTick.Reset(tick)
		}
	}
	for {
		select {
		case <-d.done:
			eventTick.Stop()
			waker.close()
			d.Terminate()
			// From here on runOnMain runs functions on the caller's
			// goroutine. Set before the stop hook is queued, so the
			// lifecycle goroutine running that hook can never wait on a
			// queue nobody serves any more (quitting used to hang now and
			// then when it checked the flag just before it was set).
			drained.Store(true)
			l := fyne.CurrentApp().Lifecycle().(*app.Lifecycle)
			if f := l.OnStopped(); f != nil {
				l.QueueEvent(f)
			}

			// Release callers still waiting on queued functions, including
			// any still in transit through the unbounded queue.
			for {
				select {
				case f := <-funcQueue.Out():
					if f.done != nil {
						f.done <- struct{}{}
					}
					continue
				case <-time.After(20 * time.Millisecond):
				}
				break
			}
			funcQueue.Close()
			return
		case f := <-funcQueue.Out():
			f.f()
			if f.done != nil {
				f.done <- struct{}{}
			}
			speedUp()
		case <-windowEvents:
			d.tick(&lastActive)
			waker.polled()
			speedUp()
		case <-eventTick.C:
			d.tick(&lastActive)
			if tick == activeTick && time.Since(lastActive) > idleAfter && !d.animation.Running() {
				tick = slowTick
				eventTick.Reset(tick)
			}
		}
	}
}

// tick polls the window system, applies what it asked for (moves, size
// changes, closes), advances animations and paints the windows that
// changed, recording a paint in lastActive.
func (d *gLDriver) tick(lastActive *time.Time) {
	d.pollEvents()
	for i := 0; i < len(d.windows); i++ {
		w := d.windows[i].(*window)
		w.ensurePositionProcessed()

		if w.viewport == nil {
			continue
		}

		if w.viewport.ShouldClose() {
			d.destroyWindow(w, i)
			i-- // Trailing windows are moved forward one step.
			continue
		}

		expand := w.shouldExpand
		fullScreen := w.fullScreen

		if expand && !fullScreen {
			w.fitContent()
			shouldExpand := w.shouldExpand
			w.shouldExpand = false
			view := w.viewport

			if shouldExpand && runtime.GOOS != "js" {
				view.SetSize(w.shouldWidth, w.shouldHeight)
			}
		}
	}

	d.animation.TickAnimations()
	if d.drawSingleFrame() {
		*lastActive = time.Now()
	}
}

func (d *gLDriver) destroyWindow(w *window, index int) {
	w.visible = false
	w.viewport.Destroy()
	w.destroy(d)

	if index < len(d.windows)-1 {
		copy(d.windows[index:], d.windows[index+1:])
	}
	d.windows[len(d.windows)-1] = nil
	d.windows = d.windows[:len(d.windows)-1]

	if len(d.windows) == 0 {
		d.Quit()
	}
}

func (d *gLDriver) repaintWindow(w *window) bool {
	canvas := w.canvas
	freed := false
	if canvas.EnsureMinSize() {
		w.shouldExpand = true
	}
	cache.PaintStarted()
	freed = canvas.FreeDirtyTextures() > 0
	// The layout above may have marked the canvas dirty again (a scroll
	// container refreshes itself when its content's size changes). This
	// paint draws that state already; keeping the mark would only paint
	// a second, identical frame.
	canvas.CheckDirtyAndClear()

	updateGLContext(w)
	canvas.paint(canvas.Size())

	view := w.viewport
	visible := w.visible

	if view != nil && visible {
		w.frame.requestFrame()
		view.SwapBuffers()
	}

	// mark that we have walked the window and don't
	// need to walk it again to mark caches alive
	w.lastWalkedTime = time.Now()
	return freed
}

// refreshWindow requests that the specified window be redrawn
func refreshWindow(w *window) {
	w.canvas.SetDirty()
}

func updateGLContext(w *window) {
	canvas := w.canvas
	size := canvas.Size()

	// w.width and w.height are not correct if we are maximised, so figure from canvas
	winWidth := float32(scale.ToScreenCoordinate(canvas, size.Width)) * canvas.texScale
	winHeight := float32(scale.ToScreenCoordinate(canvas, size.Height)) * canvas.texScale

	canvas.Painter().SetFrameBufferScale(canvas.texScale)
	canvas.Painter().SetOutputSize(int(winWidth), int(winHeight))
}
